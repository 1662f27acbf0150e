import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from '@slotwise/shared/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { bindFields } from './bind-fields';

/**
 * The app's forms: react-hook-form validated by a shared zod schema (docs/architecture.md §5),
 * checked when a field is left ('onTouched'), plus `field(name)` for the form kit's fields.
 * `mode: 'onSubmit'` says nothing until the form is sent (a reply box among many reviews, a
 * dialog checked as a whole); 'all' checks every change (the slot forms, whose rules tie fields
 * together). In every mode a field shown wrong is checked again as it changes.
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  mode: 'onTouched' | 'onSubmit' | 'all' = 'onTouched',
) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    mode,
    defaultValues,
  });
  return { ...form, field: bindFields(form.register, form.formState.errors) };
}
