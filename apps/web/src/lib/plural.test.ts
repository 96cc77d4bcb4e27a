import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('names one thing in the singular and any other count in the plural, with the count as people read it', () => {
    expect(plural(1, 'student', 'students')).toBe('1 student');
    expect(plural(0, 'student', 'students')).toBe('0 students');
    expect(plural(12000, 'failed quiz', 'failed quizzes')).toBe('12,000 failed quizzes');
  });
});
