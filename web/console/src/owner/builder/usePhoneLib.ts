// The phone library (lib/phone.ts), once loaded; null while it loads.
import { useEffect, useState } from "react";
import { loadPhoneLib } from "../../lib/phone";

type Lib = Awaited<ReturnType<typeof loadPhoneLib>>;

export function usePhoneLib(): Lib | null {
  const [lib, setLib] = useState<Lib | null>(null);
  useEffect(() => {
    let live = true;
    loadPhoneLib().then((l) => live && setLib(() => l));
    return () => {
      live = false;
    };
  }, []);
  return lib;
}
