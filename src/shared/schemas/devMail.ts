// The development mailbox's file names (/dev/mail/:file): what the files transport writes, nothing else.
import { z } from "./zod";

export const devMailFileSchema = z.string().regex(/^[\w-]{1,160}\.eml$/);
