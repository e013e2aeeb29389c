/** An outbound call refused before it left: the address is not public and not allow-listed. */
export class OutboundBlockedError extends Error {
  constructor() {
    super('Outbound call refused: the address is not allowed');
    this.name = 'OutboundBlockedError';
  }
}

export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
