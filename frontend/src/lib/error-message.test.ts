import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it('shows the description from the body', () => {
    const failure = new ApiError(400, 'Bad Request', { error: 'invalid', description: 'Email is invalid.' }, 'x');
    expect(errorMessage(failure)).toBe('Email is invalid.');
  });

  it('falls back to the error code when there is no description', () => {
    expect(errorMessage(new ApiError(409, 'Conflict', { error: 'conflict' }, 'x'))).toBe('conflict');
  });

  it('renders an error list as lines', () => {
    const failure = new ApiError(
      422,
      'Unprocessable Entity',
      {
        error: 'invalid_rows',
        description: 'Some rows are invalid.',
        errors: [
          { line: 2, error: 'UPC is required' },
          { line: 5, error: 'Quantity must be a number' },
        ],
      },
      'x',
    );
    expect(errorMessage(failure)).toBe('Line 2. Error UPC is required\nLine 5. Error Quantity must be a number');
  });

  it.each([401, 403])('says Not Authorized for %i without a message', (status) => {
    expect(errorMessage(new ApiError(status, 'Whatever', null, ''))).toBe('Not Authorized');
  });

  it('uses the status text when the body says nothing', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway', null, '<html>'))).toBe('Bad Gateway');
  });

  it('describes a failure without status text by status and message', () => {
    expect(errorMessage(new ApiError(0, '', null, 'Failed to fetch'))).toBe(
      'Error failed with status 0 and message Failed to fetch',
    );
  });

  it('uses the message of other errors', () => {
    expect(errorMessage(new Error('Something broke'))).toBe('Something broke');
  });

  it.each([undefined, null, '', new Error(''), {}])('has a text when nothing is known (%o)', (failure) => {
    expect(errorMessage(failure)).toBe('An unknown error occurred.');
  });
});
