import { BankAccount } from './bank-accounts/bank-account.entity';
import { FundingRequest } from './funding/funding-request.entity';
import { KycSubmission } from './kyc/kyc-submission.entity';
import { EarnAccrual } from './earn/earn-accrual.entity';
import { EarnPosition } from './earn/earn-position.entity';
import { EarnProduct } from './earn/earn-product.entity';

/** This layer's TypeORM entities: the money queues' requests, the venue's bank accounts and Earn. */
export const MONEY_ENTITIES = [FundingRequest, KycSubmission, BankAccount, EarnProduct, EarnPosition, EarnAccrual];
