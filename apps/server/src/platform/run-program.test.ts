import { describe, expect, it } from 'vitest';
import { ProgramError, runProgram } from './run-program.js';

describe('runProgram', () => {
  it('hands the program its input and answers its output; arguments reach it as they are, no shell between', async () => {
    expect(
      (await runProgram('cat', [], { input: Buffer.from('Sam has a red kite.') })).stdout.toString(),
    ).toBe('Sam has a red kite.');
    expect((await runProgram('printf', ['%s', '$HOME; echo hi'])).stdout.toString()).toBe('$HOME; echo hi');
  });

  it('runs a program at a lower priority through nice', async () => {
    const { stdout } = await runProgram('nice', [], { nice: 'nice' });
    expect(stdout.toString().trim()).toBe('10');
  });

  it.each([
    ['a missing program', 'no-such-program-here', [], {}, 'no-such-program-here is not installed', true],
    [
      'its last word on stderr',
      'sh',
      ['-c', 'echo reading >&2; echo "bad input" >&2; exit 3'],
      {},
      'sh failed: bad input',
      false,
    ],
    ['its exit code when it says nothing', 'false', [], {}, 'false failed: exit code 1', false],
    [
      'a program that takes too long',
      'sleep',
      ['5'],
      { timeoutMs: 100 },
      'sleep took longer than 100 ms',
      false,
    ],
    [
      'too much output',
      'head',
      ['-c', '2000', '/dev/zero'],
      { maxOutputBytes: 1000 },
      'head wrote more than 1000 bytes',
      false,
    ],
  ] as const)(
    'names the program and why when it fails: %s',
    async (_, program, args, options, message, missing) => {
      const error = await runProgram(program, args, options).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProgramError);
      expect(error).toMatchObject({ message, program, missing });
    },
  );
});
