/**
 * The contract's schemas that forms check input with before sending: the one web module that brings zod.
 * Pages that check fields as a person types import it, and their chunk carries zod; the sign-in form,
 * which checks only on submit, loads it on first focus so that the first paint of /login carries no schema code.
 */
export {
  contactRequestSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from '@postflow/contract';
