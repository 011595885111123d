// Loads a third-party script once per URL: resolves when it has run, rejects on a load error or
// after `timeout` ms (the script may still arrive later; nobody waits for it then).
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string, timeout: number): Promise<void> {
  let p = loads.get(src);
  if (!p) {
    p = new Promise<void>((done, fail) => {
      const s = document.createElement("script");
      const t = setTimeout(() => fail(new Error("timeout loading " + src)), timeout);
      s.async = true;
      s.src = src;
      s.onload = () => {
        clearTimeout(t);
        done();
      };
      s.onerror = () => {
        clearTimeout(t);
        fail(new Error("could not load " + src));
      };
      document.head.appendChild(s);
    });
    loads.set(src, p);
    p.catch(() => loads.delete(src)); // a later click tries again
  }
  return p;
}
