import { enqueueSnackbar } from 'notistack';
import { useMemo } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';

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

/**
 * A dialog's form checked by such a check: the resolver, and the submit that saves the body, closes the
 * dialog once it is saved, and keeps the input when the save is refused (the mutation's toast said why).
 * `check` must keep its identity between renders (useCallback) unless what it reads changed.
 */
export function useCheckedDialogForm<V extends FieldValues, P>({
  check,
  defaultValues,
  onSave,
  onClose,
  resetOnSave = false,
}: {
  check: (values: V) => FormCheck<P>;
  defaultValues: DefaultValues<V>;
  onSave: (payload: P) => Promise<unknown>;
  onClose: () => void;
  /** A dialog that stays mounted while closed starts the next time from its default values. */
  resetOnSave?: boolean;
}) {
  const resolver = useMemo(() => checkedResolver(check), [check]);
  const form = useForm<V, unknown, P>({ resolver, defaultValues });
  const submit = form.handleSubmit(async (payload) => {
    try {
      await onSave(payload);
      if (resetOnSave) form.reset();
      onClose();
    } catch {
      // the mutation showed its "… eklenemedi: …" toast; the dialog keeps what was typed
    }
  }, warnRoot);
  return { ...form, submit };
}
