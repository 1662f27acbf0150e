import WebSocket from 'ws';

/**
 * A full garbage collection in another Node process, through its inspector
 * (`--inspect=127.0.0.1:<port>`): `HeapProfiler.collectGarbage` over the DevTools protocol. The
 * leak check compares the live heap after each rush; without a full collection it compares
 * whatever garbage V8 had not yet swept (a 24 GiB machine gives V8 a large heap to be lazy in).
 */
export async function collectGarbage(inspectPort: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets[0];
  if (!target) throw new Error(`no inspector target on port ${inspectPort}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('collectGarbage: no answer in 30 s')),
        30_000,
      );
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
        if (message.id !== 1) return;
        clearTimeout(timer);
        if (message.error) reject(new Error(message.error.message));
        else resolve();
      });
      socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    socket.close();
  }
}
