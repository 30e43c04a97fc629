import type { RouteExample } from '@postflow/contract';
import type { SwaggerTransform } from '@fastify/swagger';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract route's example call (RouteContract.example), for the OpenAPI document. */
    example?: RouteExample;
  }
}

type JsonSchema = { properties?: Record<string, object> } & Record<string, unknown>;

/** Gives each named property of an object schema its example value. */
function withPropertyExamples(schema: unknown, values: object | undefined): unknown {
  const object = schema as JsonSchema | undefined;
  if (!values || !object?.properties) return schema;
  const properties = Object.fromEntries(
    Object.entries(object.properties).map(([name, property]) =>
      name in values ? [name, { ...property, examples: [(values as Record<string, unknown>)[name]] }] : [name, property],
    ),
  );
  return { ...object, properties };
}

/**
 * Adds each route's example call to what the OpenAPI document shows: the JSON body as the request's
 * example, and each path and query parameter's value on that parameter (@fastify/swagger turns a
 * schema's `examples` into both).
 */
export function withRouteExamples<S extends Parameters<SwaggerTransform>[0]['schema']>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (input) => {
    const output = transform(input);
    const example = input.route.config?.example;
    if (!example) return output;
    const schema: Record<string, unknown> = { ...output.schema };
    if (example.body !== undefined && schema.body) schema.body = { ...(schema.body as JsonSchema), examples: [example.body] };
    schema.params = withPropertyExamples(schema.params, example.params as object | undefined);
    schema.querystring = withPropertyExamples(schema.querystring, example.query as object | undefined);
    return { ...output, schema };
  };
}
