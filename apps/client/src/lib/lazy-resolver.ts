import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded on first use (or on `preload`), so a page can show its form before the
 * schema and zod arrive. The first validation waits for the module once; every later one runs at once.
 */
export function lazyResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<Resolver<TIn, unknown, TOut>>,
): { resolver: Resolver<TIn, unknown, TOut>; preload: () => void } {
  let loaded: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const get = () => (loaded ??= load());
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get(),
  };
}
