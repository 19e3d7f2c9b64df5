// A real SMTP server for tests (the `smtp-server` package, in process), parsing what it
// receives with `mailparser`. `answer` decides each message's fate at the end of DATA (accept,
// or an SMTP error code such as 451 or 550); `refuseRecipient` answers RCPT TO per address.
// Authentication is accepted for any user (the tests' SMTP_URL may carry credentials).
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header lines as received, lower-cased names. */
  headers: Map<string, string>;
  messageId: string;
  parsed: ParsedMail;
};

/** What to answer a message at the end of DATA: accept it, or refuse it with this SMTP code. */
export type SmtpFate = "accept" | { code: number; message?: string };

export type SmtpReceiverOptions = {
  answer?: (mail: { to: string[]; attempt: number }) => SmtpFate | Promise<SmtpFate>;
  /** RCPT TO answer per address: null accepts, a code refuses that recipient (e.g. 550). */
  refuseRecipient?: (address: string) => number | null;
  /** Listen on this port (e.g. a receiver "coming back" where a closed one was); any free one when absent. */
  port?: number;
};

export async function smtpReceiver(o: SmtpReceiverOptions = {}) {
  const received: ReceivedMail[] = [];
  /** Every DATA attempt, with its answer code (250 when accepted). */
  const attempts: { to: string[]; code: number }[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_auth, _session, cb) {
      cb(null, { user: "test" });
    },
    onRcptTo(address, _session, cb) {
      const code = o.refuseRecipient?.(address.address) ?? null;
      if (code === null) return cb();
      const err = Object.assign(new Error(`${code} recipient refused`), { responseCode: code });
      cb(err);
    },
    onData(stream, session, cb) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        try {
          const fate = (await o.answer?.({ to, attempt: attempts.length + 1 })) ?? "accept";
          if (fate !== "accept") {
            attempts.push({ to, code: fate.code });
            return cb(Object.assign(new Error(fate.message ?? `${fate.code} refused by the test receiver`), { responseCode: fate.code }));
          }
          const parsed = await simpleParser(Buffer.concat(chunks));
          const headers = new Map<string, string>();
          for (const line of parsed.headerLines) headers.set(line.key.toLowerCase(), line.line.slice(line.line.indexOf(":") + 1).trim());
          const from = (parsed.from as AddressObject | undefined)?.text ?? "";
          received.push({
            to, from, subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "",
            headers, messageId: parsed.messageId ?? "", parsed,
          });
          attempts.push({ to, code: 250 });
          cb();
        } catch (err) {
          cb(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    /** SMTP_URL for the app (plain SMTP on this machine). */
    url: `smtp://test:test@127.0.0.1:${port}`,
    received,
    attempts,
    /** Mails to this address, in arrival order. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address)),
    /** Resolves once `n` mails have arrived (polls; the caller's test timeout bounds it). */
    async waitFor(n: number): Promise<ReceivedMail[]> {
      while (received.length < n) await Bun.sleep(5);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof smtpReceiver>>;

/**
 * A receiver's `answer` that refuses about `share` of the attempts with a 451 (greylisting), a
 * moment after each message arrives so a SIGTERM catches some in flight; `inFlight()` counts the
 * messages being answered. `random` is seeded by the test (src/testing/seeded.ts).
 */
export function greylisting(random: () => number, share = 0.3) {
  let inFlight = 0;
  return {
    inFlight: () => inFlight,
    answer: async (): Promise<SmtpFate> => {
      inFlight++;
      try {
        await Bun.sleep(2);
        return random() < share ? { code: 451, message: "451 4.7.1 greylisted, try again" } : "accept";
      } finally {
        inFlight--;
      }
    },
  };
}
