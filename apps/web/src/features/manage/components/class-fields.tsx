import { MultiSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** A class as a form holds it: teachers as ids in text, for the multi-select. */
export interface ClassValues {
  name: string;
  num_students: number | string;
  teacher_ids: string[];
}

interface ClassFieldsProps<V> {
  form: UseFormReturnType<V>;
  /** Where the class sits in the form's values: '' for the form itself, 'classes.2.' for a row. */
  prefix: string;
  /** null: the teacher creating it teaches it (the server's rule), so no choice is shown. */
  teacherOptions: { value: string; label: string }[] | null;
  /** Labels carry the row's number when there are several rows, so each field has its own name. */
  labelSuffix?: string;
}

/** Name, capacity and teachers of a class; server field errors land on each (the paths match the contract's). */
export function ClassFields<V>({ form, prefix, teacherOptions, labelSuffix = '' }: ClassFieldsProps<V>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: teacherOptions ? 3 : 2 }} spacing="sm">
      <TextInput
        label={`Class name${labelSuffix}`}
        required
        key={form.key(`${prefix}name`)}
        {...form.getInputProps(`${prefix}name`)}
      />
      <NumberInput
        label={`Capacity${labelSuffix}`}
        description="Most students it holds"
        min={1}
        max={1000}
        allowDecimal={false}
        key={form.key(`${prefix}num_students`)}
        {...form.getInputProps(`${prefix}num_students`)}
      />
      {teacherOptions && (
        <MultiSelect
          label={`Teachers${labelSuffix}`}
          data={teacherOptions}
          searchable
          nothingFoundMessage="No teacher by that name"
          key={form.key(`${prefix}teacher_ids`)}
          {...form.getInputProps(`${prefix}teacher_ids`)}
        />
      )}
    </SimpleGrid>
  );
}

/** The body fields of a class from its form values. */
export const classBody = (values: ClassValues, withTeachers: boolean) => ({
  name: values.name,
  num_students: Number(values.num_students),
  ...(withTeachers && { teacher_ids: values.teacher_ids.map(Number) }),
});
