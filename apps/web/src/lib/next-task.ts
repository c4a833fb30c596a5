/**
 * Resolves in a new task of the browser's event loop: module code after `await nextTask()` runs in a
 * task of its own. A static module graph is evaluated in one task, which Lighthouse counts as blocking
 * time past 50 ms (issue 31 §2); a top-level await of this between the heavy parts splits it. A message
 * on a channel rather than setTimeout: no 4 ms clamp, and it runs before a timer-driven task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
