#!/usr/bin/env node
// The published command: delegates to the TypeScript entry point, which Node 24 runs natively.
import '../src/main.ts';
