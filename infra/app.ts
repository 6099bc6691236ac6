import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StudioApiStack } from './stack.ts';

const app = new App();
// Environment-agnostic on purpose: synth needs no account or region, deploy takes them from the CLI profile.
new StudioApiStack(app, 'StudioApi');
// Every synth and deploy checks the AwsSolutions rules; accepted findings are listed in infra/nag.ts.
Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
