import { App } from 'aws-cdk-lib';
import { StudioApiStack } from './stack.ts';

const app = new App();
// Environment-agnostic on purpose: synth needs no account or region, deploy takes them from the CLI profile.
new StudioApiStack(app, 'StudioApi');
