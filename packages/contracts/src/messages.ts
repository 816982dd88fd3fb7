import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from './values.ts';
import { listOf, listQuery, memberRef, optionalText, text } from './common.ts';

/** What a message may say: the member's form and the server check the same rule. */
export { MESSAGE_MAX_CHARS };
export const messageText = text(MESSAGE_MAX_CHARS, {
  required: /*i18n*/ 'Message is required.',
  tooLong: /*i18n*/ 'Message must be at most 2000 characters.',
  notAllowed: /*i18n*/ 'Message contains characters that are not allowed.',
});

/**
 * The text fields of POST /api/messages and POST /api/admin/messages/:memberId (multipart;
 * the optional file is `attachment`, an image or a PDF under the receipts' rules).
 */
export const sendMessageFields = z.object({ body: messageText });

export const messagesQuery = listQuery.extend({
  after: optionalText(64, {
    tooLong: /*i18n*/ 'The message id must be at most 64 characters.',
    notAllowed: /*i18n*/ 'The message id contains characters that are not allowed.',
  })
    .optional()
    .meta({
      description:
        'The id of the newest message held: answers only the newer ones, oldest first (for polling).',
    }),
});

export const messageAttachment = z.object({
  url: z.string(),
  mime: z.string(),
});

export const message = z
  .object({
    id: z.number().int(),
    from_committee: z.boolean(),
    author_name: z.string(),
    body: z.string(),
    attachment: messageAttachment.nullable(),
    created_at: z.string(),
    read: z.boolean().meta({
      description:
        "Read by the other side: the committee has read the member's message, or the member the committee's.",
    }),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof message>;

export const messageList = listOf(message);
export type MessageList = z.infer<typeof messageList>;

/** A thread as the committee reads it: whose conversation it is, then the messages. */
export const adminThread = messageList.extend({ member: memberRef });
export type AdminThread = z.infer<typeof adminThread>;

export const sentMessageResponse = z.object({ message: z.string(), item: message });
export type SentMessageResponse = z.infer<typeof sentMessageResponse>;

export const markReadResponse = z.object({
  marked: z.number().int().meta({ description: 'How many messages were marked read now.' }),
});

/** One member's conversation with the committee, as the admin list shows it. */
export const conversation = z
  .object({
    member: memberRef,
    last_message: message,
    unread_count: z
      .number()
      .int()
      .meta({ description: "The member's messages the committee has not read." }),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversation>;

export const conversationList = listOf(conversation);
export type ConversationList = z.infer<typeof conversationList>;
