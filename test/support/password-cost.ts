import { lowerPasswordCostForTests } from '../../src/server/auth/passwords.js';

// Test accounts' passwords are hashed at scrypt N=2^10 instead of 2^15 (see the function's comment).
lowerPasswordCostForTests(1024);
