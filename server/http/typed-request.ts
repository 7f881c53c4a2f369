import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

// One typed request (POST /api/requests/{type}, dispatched by typed-requests.ts): its props
// schema, its answer schema and its handler. The handler gets the props already validated; the
// answer is checked against `result`. A command or a query declares its typed request with this.
export interface TypedRequest<Body extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  /** Who may send it, in a sentence (the OpenAPI document and docs/back-office.md show it). */
  permission: string;
  /** What it does, in a sentence. */
  effect: string;
  body: Body;
  result: Result;
  handle(request: FastifyRequest, body: z.output<Body>): Promise<z.input<Result>>;
}

/** Only infers the schemas' types for `handle`. */
export const typedRequest = <Body extends z.ZodType, Result extends z.ZodType>(r: TypedRequest<Body, Result>): TypedRequest<Body, Result> => r;
