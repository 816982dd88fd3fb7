import type { z } from 'zod';
import type { messageForm } from './message-form-schema.ts';

export type MessageFormInput = z.input<typeof messageForm>;
export type MessageFormOutput = z.output<typeof messageForm>;
export const messageFieldNames: readonly string[] = ['body', 'attachment'];
