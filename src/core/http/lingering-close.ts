import type http from "node:http";
import type net from "node:net";

// RFC 9112 §9.6, a staged close. An answer with `connection: close` given before the request's
// body was read (a refused receipt, a body over its limit) ends with Node destroying the socket as
// soon as the answer is written. Unread bytes in the kernel then turn that close into a reset,
// which can reach the caller before it has read the answer: a caller still writing its body gets
// EPIPE instead of its 401 or 413. So the server's side of the close goes out after the answer,
// and the connection is kept, unread, until the caller closes its side or LINGER_MS have passed:
// time for the caller to read the answer. Nothing more of the body is read, so an anonymous
// upload costs neither memory nor the time to take it in.

/** How long a closing connection waits for its caller to read the answer and close. */
export const LINGER_MS = 2_000;

/** Makes every connection of `server` close in stages (see above). */
export function closeConnectionsLingering(server: http.Server): void {
  server.on("connection", (socket: net.Socket) => {
    socket.destroySoon = () => lingerThenClose(socket);
  });
}

function lingerThenClose(socket: net.Socket): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
  socket.end();
  // Node resumes an unread body on the next tick to drop it: stop reading after that.
  setImmediate(() => socket.pause());
}
