import { BankAccount } from './bank-accounts/bank-account.entity';
import { FundingRequest } from './funding/funding-request.entity';
import { KycSubmission } from './kyc/kyc-submission.entity';

/** This layer's TypeORM entities: the money queues' requests and the venue's bank accounts. */
export const MONEY_ENTITIES = [FundingRequest, KycSubmission, BankAccount];
