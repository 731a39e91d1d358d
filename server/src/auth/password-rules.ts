import { LIMITS } from '@cabana/shared/domain/config/limits';

/**
 * The one rule for a new admin password, wherever it is set (first start, reset-password): what
 * is wrong with it, in words for the operator, or undefined when it is fine.
 */
export function passwordProblem(password: string): string | undefined {
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) {
    return `must have between ${LIMITS.passwordMin} and ${LIMITS.passwordMax} characters`;
  }
  return undefined;
}
