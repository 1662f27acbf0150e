/**
 * Stands in for src/lib/socket in every web test (test/setup.ts mocks it; jsdom has no socket
 * server): the area layouts' realtime provider gets a socket that never connects.
 */
export function createSocket() {
  const noop = () => undefined;
  return {
    connected: false,
    active: false,
    on: noop,
    off: noop,
    emit: noop,
    connect: noop,
    disconnect: noop,
    removeAllListeners: noop,
  };
}
