/** What a layer of Express's router (the `router` package) exposes that the index needs. */
export interface RouterLayer {
  route?: { path?: unknown };
  match(path: string): unknown;
}

/** A last segment only letters, digits, `_` and `-` spell: no parameter, wildcard, group or escape in it. */
const LITERAL_LAST = /\/([A-Za-z0-9_-]+)$/;

/**
 * The last segment of a path as a route's last literal is compared with it: one trailing slash dropped (a
 * route matches with or without it unless routing is strict), lower-cased (routing is case-insensitive unless
 * set otherwise). Remembered for the last path asked: the router asks every layer about the same path.
 */
function lastSegments() {
  let lastPath: string | null = null;
  let lastTail = '';
  return (path: string): string => {
    if (path === lastPath) return lastTail;
    const end = path.length > 1 && path.endsWith('/') ? path.length - 1 : path.length;
    lastTail = path.slice(path.lastIndexOf('/', end - 1) + 1, end).toLowerCase();
    lastPath = path;
    return lastTail;
  };
}

/**
 * Lets every route of `stack` whose path ends in a literal segment (every API route: `.../getCourses`) turn
 * down at once a path whose last segment differs, before its pattern runs. The router tries its routes one by
 * one for each request (about 140 here: route matching was about a tenth of a kept read's CPU); most of them
 * now cost a string comparison. Only a path its pattern would refuse anyway is turned down: the pattern's
 * last literal must end the path (raw, as the pattern compares it; at most one trailing slash after it) and
 * the comparison is case-insensitive, so it is looser than the pattern whatever the router's case and strict
 * settings. Order, parameters, HEAD and OPTIONS stay the router's. Answers how many routes were indexed.
 */
export function indexRoutes(stack: RouterLayer[]): number {
  const tailOf = lastSegments();
  let indexed = 0;
  for (const layer of stack) {
    const path = layer.route?.path;
    if (typeof path !== 'string') continue;
    const literal = LITERAL_LAST.exec(path)?.[1].toLowerCase();
    if (literal === undefined) continue;
    const match = layer.match.bind(layer);
    layer.match = (p: string) => (tailOf(p) === literal ? match(p) : false);
    indexed++;
  }
  return indexed;
}
