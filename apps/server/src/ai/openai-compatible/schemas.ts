import { z } from 'zod';

/** The part of an OpenAI-compatible chat completion we read. */
export const chatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
      }),
    )
    .min(1),
});

export const enhanceAnswerSchema = z.object({ text: z.string(), thread: z.array(z.string()).nullish() });

export const hashtagsAnswerSchema = z.object({
  hashtags: z.array(
    z.object({
      tag: z.string(),
      score: z.number().optional(),
      reason: z.string().optional(),
    }),
  ),
});

export const ideasAnswerSchema = z.object({
  ideas: z.array(
    z.object({
      title: z.string().min(1),
      hook: z.string().min(1),
      outline: z.array(z.string()).min(1),
      hashtags: z.array(z.string()).optional(),
      format: z.string().optional(),
      angle: z.string().optional(),
    }),
  ),
});

export const insightWordingAnswerSchema = z.object({
  insights: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      recommendation: z.string(),
    }),
  ),
});
