/*
 * jsdom has no canvas: its getContext logs "not implemented" for every call. Screens that draw
 * (antd's QRCode of an activation code) get null instead and draw nothing, which is what the
 * unit tests need; the QR code itself is drawn and downloaded in Chromium by
 * e2e/tests/orders-delivery.spec.ts. Node-environment test files have no HTMLCanvasElement.
 */
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = () => null;
}
