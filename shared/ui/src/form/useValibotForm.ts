import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useMemo, useRef } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type * as v from 'valibot';
import { withInputProblems } from './inputProblems';

type AnySchema =
  v.GenericSchema<FieldValues, FieldValues> | v.GenericSchemaAsync<FieldValues, FieldValues>;

export type ValibotFormOptions<TSchema extends AnySchema> = Omit<
  UseFormProps<v.InferInput<TSchema>, unknown, v.InferOutput<TSchema>>,
  'resolver'
>;

/**
 * react-hook-form validated by a shared valibot schema (the same one the API runs). Errors
 * carry message keys; the Form*Field components translate them. Validates on blur, then on
 * every change once a field has an error. Text a field cannot accept (inputProblems) is an
 * error too, so such a form is never submitted.
 */
export function useValibotForm<TSchema extends AnySchema>(
  schema: TSchema,
  options: ValibotFormOptions<TSchema> = {},
) {
  type Values = v.InferInput<TSchema>;
  const control = useRef<object | undefined>(undefined);
  const resolver = useMemo((): Resolver<Values, unknown, v.InferOutput<TSchema>> => {
    const validate = valibotResolver(schema) as Resolver<Values, unknown, v.InferOutput<TSchema>>;
    return async (values, context, resolverOptions) => {
      const result = await validate(values, context, resolverOptions);
      const errors = withInputProblems<Values>(
        control.current,
        result.errors as FieldErrors<Values>,
      );
      return errors ? { values: {}, errors } : result;
    };
  }, [schema]);
  const form = useForm<Values, unknown, v.InferOutput<TSchema>>({
    mode: 'onTouched',
    ...options,
    resolver,
  });
  // The resolver runs on events after mount, when this has happened.
  useEffect(() => {
    control.current = form.control;
  }, [form.control]);
  return form;
}
