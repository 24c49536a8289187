import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * After a failed submit, every change checks the whole form again. A form whose resolver puts a message on
 * a list (the schedule's slots, the employee's wages) needs it: react-hook-form re-checks only the changed
 * field, and a list's message sits above the field that changed.
 */
export function useWholeFormRevalidation<T extends FieldValues, C, O>({
  watch,
  trigger,
  formState,
}: UseFormReturn<T, C, O>) {
  const submitted = formState.isSubmitted;
  useEffect(() => {
    if (!submitted) return;
    const subscription = watch(() => void trigger());
    return () => subscription.unsubscribe();
  }, [submitted, watch, trigger]);
}
