import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Checks each answer against its contract schema and writes it as JSON. Forward parsing rather than
 * `encode` (fastify-type-provider-zod's default): the response schemas hold no codecs, so both give
 * the same result, and only forward parsing runs zod's compiled parsers (`zod/compile`, main.ts).
 */
export const responseSerializer: FastifySerializerCompiler<ZodType | { properties: ZodType }> = ({ schema: declared, method, url }) => {
  const schema = 'properties' in declared ? declared.properties : declared;
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
