import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads on demand, like `React.lazy`, but which renders at once when its code has already
 * arrived (decision 080). A `lazy` component suspends on its first render even then (the import() promise settles
 * a microtask later), and React 19 holds back the content of a Suspense boundary that has just shown its fallback
 * for up to 300 ms (FALLBACK_THROTTLE_MS): in a trace of the first tap on a portfolio card on a throttled phone, the
 * dialog's code was in the browser before the tap and the dialog still appeared ~280 ms after the click was handled,
 * in a timer. Render it inside a Suspense boundary as before; it only suspends when its code is not there yet.
 *
 * `load` starts (or reuses) the import; call it ahead of need (on intent, near the screen). Each mounted instance
 * keeps the component it started with, so the code arriving while it is mounted does not remount it.
 */
export function loadedOrLazy<P extends object>(importModule: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (pending ??= importModule().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed fetch may be tried again on the next need
        throw error;
      },
    ));
  const Lazy = lazy(load);
  function LoadedOrLazy(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { load, Component: LoadedOrLazy };
}
