/**
 * docker/nginx.conf as the test runs it. Only what cannot exist here is replaced: the compose
 * service names (api-1, api-2, minio) by the loopback ports of the processes the test starts,
 * the image's web root by the built host, port 8080 by a free one. Every replacement must find
 * its target, so a changed nginx.conf fails here instead of testing something else.
 * The main configuration stands in for the official image's /etc/nginx/nginx.conf (which
 * includes the server file in its http block), with every path nginx writes in `prefix`.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface NginxTargets {
  listenPort: number;
  /** Both API replicas (api-1, api-2) go to this one process. */
  apiPort: number;
  /** The object store (minio) stand-in. */
  storePort: number;
  /** The built host (host/dist): the image copies it to /usr/share/nginx/html. */
  hostDist: string;
}

export const MIME_TYPES = '/etc/nginx/mime.types';

export function serverConfig(conf: string, targets: NginxTargets): string {
  const substitutions: [RegExp, string][] = [
    [/^(\s*)listen 8080;$/m, `$1listen 127.0.0.1:${targets.listenPort};`],
    [/^(\s*)root \/usr\/share\/nginx\/html;$/m, `$1root ${targets.hostDist};`],
    [/\bapi-1:3000\b/g, `127.0.0.1:${targets.apiPort}`],
    [/\bapi-2:3000\b/g, `127.0.0.1:${targets.apiPort}`],
    [/\bminio:9000\b/g, `127.0.0.1:${targets.storePort}`],
  ];
  return substitutions.reduce((text, [pattern, replacement]) => {
    if (!pattern.test(text)) throw new Error(`docker/nginx.conf no longer has ${pattern}`);
    pattern.lastIndex = 0;
    return text.replace(pattern, replacement);
  }, conf);
}

export function mainConfig(prefix: string, serverFile: string): string {
  const at = (name: string) => path.join(prefix, name);
  // A root master would hand the workers to `nobody`, who cannot enter the private prefix.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
daemon off;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 256; }
http {
  include ${MIME_TYPES};
  default_type application/octet-stream;
  sendfile on;
  keepalive_timeout 65;
  access_log ${at('access.log')};
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  include ${serverFile};
}
`;
}

/** Writes both files into `prefix`; returns the main configuration's path. */
export function writeNginxConfig(confFile: string, prefix: string, targets: NginxTargets): string {
  if (!fs.existsSync(MIME_TYPES)) throw new Error(`${MIME_TYPES} is missing: install nginx-light`);
  const serverFile = path.join(prefix, 'default.conf');
  fs.writeFileSync(serverFile, serverConfig(fs.readFileSync(confFile, 'utf8'), targets));
  const mainFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(mainFile, mainConfig(prefix, serverFile));
  return mainFile;
}
