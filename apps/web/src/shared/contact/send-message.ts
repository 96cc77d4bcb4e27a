import { CONTACT_IMAGE_MAX_BYTES, PROFILE_PICTURE_TYPES, contracts } from '@readalong/contracts';
import { schemaResolver } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, fieldErrorsOf } from '@/lib/api-client';

/** What the form holds; empty text means “not given”. */
export interface ContactValues {
  name: string;
  email: string;
  ailearn_account: string;
  message: string;
  file: File | null;
}

const forms = { signedOut: contracts.contactUsPublic.multipart, signedIn: contracts.contactUs.multipart };

/** The text fields as sent: a blank field the form may leave out is absent (the account answers for it). */
function asSent({ file: _file, ...text }: ContactValues, isSignedIn: boolean) {
  const { shape } = forms[isSignedIn ? 'signedIn' : 'signedOut'].fields;
  return Object.fromEntries(
    Object.entries(text).filter(
      ([key, value]) => value.trim() !== '' || !shape[key as keyof typeof shape].safeParse(undefined).success,
    ),
  );
}

const ACCEPTED: readonly string[] = PROFILE_PICTURE_TYPES;
const MAX_MEGABYTES = CONTACT_IMAGE_MAX_BYTES / 1024 / 1024;

/** The screenshot's type and size, checked before sending as the server checks them (docs/rules.md C43). */
export function screenshotProblem(file: File | null): string | null {
  if (!file) return null;
  if (!ACCEPTED.includes(file.type)) return 'Choose a picture: PNG, JPEG, WebP or GIF.';
  if (file.size > CONTACT_IMAGE_MAX_BYTES) return `The picture is larger than ${MAX_MEGABYTES} MB.`;
  return null;
}

const rules = {
  signedOut: schemaResolver(forms.signedOut.fields, { sync: true }),
  signedIn: schemaResolver(forms.signedIn.fields, { sync: true }),
};

/** Every problem of the form by field, by the contract's rules for the form sent (signed in or not). */
export function contactProblems(values: ContactValues, isSignedIn: boolean) {
  const problems = rules[isSignedIn ? 'signedIn' : 'signedOut'](asSent(values, isSignedIn));
  const file = screenshotProblem(values.file);
  return file ? { ...problems, file } : problems;
}

/** The server's refusals by field: the text fields under `body.`, the screenshot as `file`. */
export function sendProblems(error: unknown): Record<string, string> {
  const file = error instanceof ApiError ? error.fields['file'] : undefined;
  return { ...fieldErrorsOf(error), ...(file && { file }) };
}

/** `{ [key]: value }` when something was written, else nothing: a blank optional field is left out. */
const ifGiven = <K extends string>(key: K, value: string) =>
  (value.trim() === '' ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** Sends the message: as the signed-in user (their account fills what is left out), or as a visitor. */
export function useSendMessage(isSignedIn: boolean) {
  return useMutation({
    mutationFn: (values: ContactValues) => {
      const common = {
        message: values.message,
        ...ifGiven('ailearn_account', values.ailearn_account),
        ...(values.file && { file: values.file }),
      };
      return isSignedIn
        ? api('contactUs', {
            body: { ...common, ...ifGiven('name', values.name), ...ifGiven('email', values.email) },
          })
        : api('contactUsPublic', { body: { ...common, name: values.name, email: values.email } });
    },
  });
}
