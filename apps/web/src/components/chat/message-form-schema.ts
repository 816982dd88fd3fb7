import { sendMessageFields } from '@jamiya/contracts/messages';
import { receiptFile } from '../../lib/receipt-file-schema.ts';

/** The composer: the server's message rule, and the attachment checked before it is sent. */
export const messageForm = sendMessageFields.extend({
  attachment: receiptFile(/*i18n*/ 'Attach a photo or a PDF.').optional(),
});
