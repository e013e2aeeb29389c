import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type * as v from 'valibot';

type AnySchema =
  v.GenericSchema<FieldValues, FieldValues> | v.GenericSchemaAsync<FieldValues, FieldValues>;

export type ValibotFormOptions<TSchema extends AnySchema> = Omit<
  UseFormProps<v.InferInput<TSchema>, unknown, v.InferOutput<TSchema>>,
  'resolver'
>;

/**
 * react-hook-form validated by a shared valibot schema (the same one the API runs). Errors
 * carry message keys; the Form*Field components translate them. Validates on blur, then on
 * every change once a field has an error.
 */
export function useValibotForm<TSchema extends AnySchema>(
  schema: TSchema,
  options: ValibotFormOptions<TSchema> = {},
) {
  return useForm<v.InferInput<TSchema>, unknown, v.InferOutput<TSchema>>({
    mode: 'onTouched',
    ...options,
    resolver: valibotResolver(schema),
  });
}
