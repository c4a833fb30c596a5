/** SMS / WhatsApp delivery (DESIGN.md §4): an interface, the embedded outbox, an HTTP gateway. */
export type MessageChannel = 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** 10-digit mobile number. */
  to: string;
  /** The full text the recipient reads. */
  body: string;
  /** The code inside the body, for gateways that fill a registered template. */
  otp: string;
}

export interface MessageSender {
  /** For logs: which provider delivered the message. */
  readonly name: string;
  /** Resolves once the provider accepted the message; rejects if it did not. */
  send(message: OutgoingMessage): Promise<void>;
}

export type OtpSender = MessageSender;
