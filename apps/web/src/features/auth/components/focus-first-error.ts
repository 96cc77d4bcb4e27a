/** A form that can find the input of a field (Mantine's useForm). */
interface FormWithInputs {
  getInputNode(path: string): HTMLElement | null;
}

/**
 * Moves focus to the first field with an error, so a screen reader reads that field's label and its error
 * (Mantine links the error to the input with aria-describedby) and a keyboard user lands where the fix is.
 */
export function focusFirstError(form: FormWithInputs, errors: Readonly<Record<string, unknown>>): void {
  const [firstPath] = Object.keys(errors).filter((path) => Boolean(errors[path]));
  if (firstPath) form.getInputNode(firstPath)?.focus();
}
