import { AI_MESSAGES } from '@postlark/shared/ai';
import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from './ai-target';

describe('baseUrlProblem', () => {
  it('takes public addresses and names, and refuses this machine and private networks', () => {
    expect(baseUrlProblem('https://api.openai.com/v1', false)).toBeNull();
    expect(baseUrlProblem('http://93.184.216.34:8000/v1', false)).toBeNull();
    for (const url of ['http://127.0.0.1:11434/v1', 'http://localhost:11434/v1', 'http://[::1]:8080/v1', 'http://10.0.0.5/v1', 'http://192.168.1.20:11434/v1', 'http://169.254.169.254/v1']) {
      expect(baseUrlProblem(url, false)).toBe(AI_MESSAGES.baseUrlPrivate);
    }
  });

  it('with AI_ALLOW_LOCAL, takes this machine but still no private network', () => {
    expect(baseUrlProblem('http://127.0.0.1:11434/v1', true)).toBeNull();
    expect(baseUrlProblem('http://localhost:11434/v1', true)).toBeNull();
    expect(baseUrlProblem('http://10.0.0.5/v1', true)).toBe(AI_MESSAGES.baseUrlPrivate);
    expect(baseUrlProblem('http://169.254.169.254/v1', true)).toBe(AI_MESSAGES.baseUrlPrivate);
  });
});
