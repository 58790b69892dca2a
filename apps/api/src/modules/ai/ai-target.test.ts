import { AI_MESSAGES } from '@postlark/shared/ai';
import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from './ai-target';

describe('baseUrlProblem', () => {
  it('takes public addresses and names, and refuses this machine and private networks', () => {
    expect(baseUrlProblem('https://api.openai.com/v1', false)).toBeNull();
    expect(baseUrlProblem('https://93.184.216.34:8000/v1', false)).toBeNull();
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

  it('takes plain http only to this machine with AI_ALLOW_LOCAL: anywhere else the key would travel in the clear', () => {
    for (const url of ['http://93.184.216.34:8000/v1', 'http://api.example.com/v1', 'http://ollama.example.com:11434/v1']) {
      expect(baseUrlProblem(url, false), url).toBe(AI_MESSAGES.baseUrlHttps);
      expect(baseUrlProblem(url, true), url).toBe(AI_MESSAGES.baseUrlHttps);
    }
    for (const url of ['http://127.0.0.1:11434/v1', 'http://127.8.9.10/v1', 'http://[::1]:8080/v1', 'http://localhost:11434/v1', 'http://ollama.localhost/v1']) {
      expect(baseUrlProblem(url, true), url).toBeNull();
    }
    expect(baseUrlProblem('https://api.example.com/v1', false)).toBeNull();
    expect(baseUrlProblem('https://localhost:8443/v1', true)).toBeNull();
  });
});
