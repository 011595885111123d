// The hooks the app uses, with React's semantics: state setters keep their identity, apply
// updates in order and bail out when the state stays the same (Object.is: nothing renders);
// effects run again when a dependency changed (Object.is), or every render without a list.
import { nextSlot } from "./component";
import type { Slot } from "./node";
import { schedule } from "./scheduler";

type Reducer<S, A> = (state: S, action: A) => S;

function state<S, A>(reducer: Reducer<S, A>, init: () => S): [S, (action: A) => void] {
  const s = nextSlot();
  if (!s._set) {
    s._value = init();
    s._set = (a) => {
      const v = s._reducer!(s._value, a);
      if (!Object.is(v, s._value)) (s._value = v), schedule(s._node);
    };
  }
  // The reducer of the latest render (it may close over props), as React's.
  s._reducer = reducer as Slot["_reducer"];
  return [s._value as S, s._set];
}

export const useReducer = <S, A>(reducer: Reducer<S, A>, initial: S): [S, (action: A) => void] => state(reducer, () => initial);

export const useState = <S>(initial: S | (() => S)): [S, (next: S | ((s: S) => S)) => void] =>
  state<S, S | ((s: S) => S)>(
    (s, a) => (typeof a == "function" ? (a as (s: S) => S)(s) : a),
    () => (typeof initial == "function" ? (initial as () => S)() : initial),
  );

export const useRef = <T>(current: T): { current: T } => useState(() => ({ current }))[0];

type EffectFn = () => void | (() => void);

function effect(fn: EffectFn, deps: readonly unknown[] | undefined, layout: boolean): void {
  const s = nextSlot();
  if (!deps || !s._deps || deps.some((d, i) => !Object.is(d, s._deps![i]))) (s._fn = fn), (s._deps = deps), (s._layout = layout);
}

export const useEffect = (fn: EffectFn, deps?: readonly unknown[]): void => effect(fn, deps, false);
export const useLayoutEffect = (fn: EffectFn, deps?: readonly unknown[]): void => effect(fn, deps, true);
