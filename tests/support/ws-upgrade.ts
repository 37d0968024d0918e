import WebSocket from 'ws';

/**
 * Opens `path` of the server at `baseUrl` as a client at `address` (X-Forwarded-For): the open
 * socket, or the HTTP status its upgrade was refused with.
 */
export function upgradeFrom(baseUrl: string, path: string, address: string): Promise<WebSocket | number> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`, {
    headers: { 'X-Forwarded-For': address },
  });
  return new Promise((resolve) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    socket.on('error', () => undefined);
  });
}
