import { enqueueSnackbar } from 'notistack';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A form's check: the body to send, or the one warning product.md 5 gives first. */
export type FormCheck<P> = { ok: true; payload: P } | { ok: false; message: string };

/**
 * A resolver from such a check (which parses with the domain's schema): the body goes to the submit
 * handler, the warning to `root`, said by `warnRoot`.
 */
export function checkedResolver<V extends FieldValues, P>(
  check: (values: V) => FormCheck<P>,
): Resolver<V, unknown, P> {
  return (values) => {
    const checked = check(values);
    if (checked.ok) return { values: checked.payload, errors: {} };
    return {
      values: {},
      errors: { root: { type: 'validate', message: checked.message } } as FieldErrors<V>,
    };
  };
}

/** The invalid handler of such a form: its warning as a toast. */
export function warnRoot<V extends FieldValues>(errors: FieldErrors<V>) {
  if (errors.root?.message) enqueueSnackbar(errors.root.message, { variant: 'warning' });
}
