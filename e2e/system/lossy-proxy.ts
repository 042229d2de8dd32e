// A TCP proxy that delivers requests to a node but drops every response: the server does the
// work and commits, the client sees its connection die. That is "the response was lost".
import net from "node:net";

export interface LossyProxy {
  url: string;
  close(): Promise<void>;
}

export async function startLossyProxy(targetPort: number): Promise<LossyProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.once("data", () => {
      // The server has answered, so it has committed: drop the answer on the floor.
      client.destroy();
      upstream.destroy();
    });
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
