import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { screenshotProblem } from './send-message';

const png = () => new File(['png'], 'shot.png', { type: 'image/png' });
/** A picture that says it is 6 MB (its size only: a real one is slow to make in jsdom, and it is never sent). */
function tooLarge() {
  const file = png();
  Object.defineProperty(file, 'size', { value: 6 * 1024 * 1024 });
  return file;
}

/** Writes into a field at once: typing letter by letter is slow on a busy machine and tests nothing more here. */
async function write(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Mantine's FileInput is a button the label names, over a hidden file input. */
const fileInput = () => document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]')!;

/** The form's fields, by name, as sent; a file part as `file` (jsdom's formData() does not read file parts). */
async function sentFields(request: Request): Promise<Record<string, string>> {
  const body = await request.text();
  const parts = body.matchAll(
    /name="(\w+)"(; filename="[^"]*")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^\r]*)/g,
  );
  return Object.fromEntries(
    [...parts].map(([, name, filename, value]): [string, string] => [name!, filename ? 'file' : value!]),
  );
}

async function openFromSignIn(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Contact us' }));
  return within(await screen.findByRole('dialog', { name: 'Contact us' }));
}

describe('Contact us, signed out (from the sign-in page)', () => {
  it('names every missing field and checks the screenshot’s size before sending', async () => {
    const sent = countCalls('contactUsPublic', () => ({ success: true }));
    const { user } = renderApp('/login');
    const dialog = await openFromSignIn(user);
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    expect(await dialog.findByText('name is required')).toBeInTheDocument();
    expect(dialog.getByText('message is required')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Your name/ })).toHaveFocus();
    await user.upload(fileInput(), tooLarge());
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    expect(await dialog.findByText('The picture is larger than 5 MB.')).toBeInTheDocument();
    expect(sent.count()).toBe(0);
  });

  it('sends the form with its screenshot and says where the answer goes', async () => {
    const sent = countCalls('contactUsPublic', () => ({ success: true }));
    const { user } = renderApp('/login');
    const dialog = await openFromSignIn(user);
    await write(user, dialog.getByRole('textbox', { name: /Your name/ }), 'Ana Ruiz');
    await write(user, dialog.getByRole('textbox', { name: /Your email/ }), 'ana@home.example');
    await write(user, dialog.getByRole('textbox', { name: /Message/ }), 'The book will not open.');
    await user.upload(fileInput(), png());
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    expect(await dialog.findByRole('heading', { name: 'Message sent' })).toHaveFocus();
    expect(dialog.getByText(/We will answer at ana@home.example/)).toBeInTheDocument();
    expect(await sentFields(sent.requests[0]!)).toEqual({
      name: 'Ana Ruiz',
      email: 'ana@home.example',
      message: 'The book will not open.',
      file: 'file',
    });
  });

  it('shows the server’s refusal under the field it names', async () => {
    answer('contactUsPublic', () =>
      errorAnswer(400, 'bad_request', 'Some fields are not right.', {
        file: 'not an image this server accepts',
      }),
    );
    const { user } = renderApp('/login');
    const dialog = await openFromSignIn(user);
    await write(user, dialog.getByRole('textbox', { name: /Your name/ }), 'Ana');
    await write(user, dialog.getByRole('textbox', { name: /Your email/ }), 'ana@home.example');
    await write(user, dialog.getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.upload(fileInput(), png());
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    expect(await dialog.findByText('not an image this server accepts')).toBeInTheDocument();
  });
});

describe('screenshotProblem', () => {
  it('takes the pictures the server takes, up to 5 MB, and nothing else', () => {
    expect(screenshotProblem(null)).toBeNull();
    expect(screenshotProblem(png())).toBeNull();
    expect(screenshotProblem(new File(['hi'], 'notes.txt', { type: 'text/plain' }))).toBe(
      'Choose a picture: PNG, JPEG, WebP or GIF.',
    );
    expect(screenshotProblem(new File(['<svg/>'], 'shot.svg', { type: 'image/svg+xml' }))).not.toBeNull();
    expect(screenshotProblem(tooLarge())).toBe('The picture is larger than 5 MB.');
  });
});

describe('Contact us, signed in (from the account menu)', () => {
  it('sends only what is written: the account answers for the rest', async () => {
    const { access_token } = await signedInAs({
      login_role: 'teacher',
      first_name: 'Amir',
      last_name: 'Khan',
    });
    answer('validate', () => ({ access_token, login_role: 'teacher', refresh_token: null }));
    const sent = countCalls('contactUs', () => ({ success: true }));
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Contact us' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact us' }));
    expect(dialog.queryByRole('textbox', { name: /username/ })).not.toBeInTheDocument();
    await write(user, dialog.getByRole('textbox', { name: /Message/ }), 'Can we add a class?');
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    expect(await dialog.findByText(/at your account’s email address/)).toBeInTheDocument();
    expect(await sentFields(sent.requests[0]!)).toEqual({ message: 'Can we add a class?' });
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
