import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";

/**
 * A page whose code is fetched when it is first shown (a chunk of its own in the build) and kept
 * from then on, so a first load carries the shell and one page rather than every page. Until the
 * chunk has come, the page is empty.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  return function LazyPage(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (Page) return;
      let shown = true;
      void (loading ??= load().then((c) => (loaded = c))).then((c) => shown && setPage(() => c));
      return () => {
        shown = false;
      };
    }, []);
    return Page ? <Page {...props} /> : null;
  };
}
