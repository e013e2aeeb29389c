/**
 * The slice of @aws-sdk/client-sesv2 the create-auth-challenge Lambda uses. The SDK is installed
 * only in this folder (npm install) and is provided by the Lambda runtime; the workspace
 * typecheck (api/tsconfig.json includes this folder) therefore uses this declaration instead of
 * adding the SDK to the API's dependencies.
 */
declare module '@aws-sdk/client-sesv2' {
  interface Content {
    Data: string;
    Charset?: string;
  }
  export interface SendEmailCommandInput {
    FromEmailAddress?: string;
    Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
    ConfigurationSetName?: string;
    Content: { Simple?: { Subject: Content; Body: { Text?: Content; Html?: Content } } };
  }
  export class SendEmailCommand {
    constructor(input: SendEmailCommandInput);
  }
  export class SESv2Client {
    constructor(config: { region?: string });
    send(command: SendEmailCommand): Promise<{ MessageId?: string }>;
  }
}
