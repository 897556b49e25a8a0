import http from "node:http";

// node dist/healthcheck.js: the container's HEALTHCHECK. Exits 0 when this container's server
// answers /readyz with 200 (database reachable, migrations applied, Redis reachable when set), 1
// otherwise. Plain node:http, so the image needs no curl; the port is the server's own setting.

const port = Number(process.env.PORT || 4000);
const request = http.get({ host: "127.0.0.1", port, path: "/readyz", timeout: 4_000 }, (response) => {
  response.resume();
  process.exitCode = response.statusCode === 200 ? 0 : 1;
});
request.on("timeout", () => request.destroy(new Error("timed out")));
request.on("error", (err) => {
  console.error(`/readyz on port ${port}: ${err.message}`);
  process.exitCode = 1;
});
