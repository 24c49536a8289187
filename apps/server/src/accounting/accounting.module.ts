import { Module } from '@nestjs/common';
import {
  AddAccountingEntryHandler,
  EditAccountingEntryHandler,
  ReverseAccountingEntryHandler,
} from './accounting.commands';
import { AccountingController } from './accounting.controller';
import { ReadCache } from '../infra/read-model/read-cache';

@Module({
  controllers: [AccountingController],
  providers: [
    ReadCache,
    AddAccountingEntryHandler,
    EditAccountingEntryHandler,
    ReverseAccountingEntryHandler,
  ],
})
export class AccountingModule {}
