import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { $ZodType } from 'zod/v4/core'
import { SafeTextInputSchema } from '../../contract/text.js'

/**
 * The contract's validator for every part (body, query, params) of every route: the text rule
 * first (no NUL, no lone surrogate, anywhere), then the route's own schema. Being the
 * compiler, it cannot be forgotten by a route; its failures are ordinary validation errors,
 * so the error handler answers 400 naming the field.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) =>
  validatorCompiler({ ...route, schema: SafeTextInputSchema.pipe(route.schema) })
