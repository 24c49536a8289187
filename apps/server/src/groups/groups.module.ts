import { Module } from '@nestjs/common';
import { GroupsController } from './groups.controller';
import {
  CreateClassHandler,
  DeleteClassHandler,
  EditClassHandler,
  EditClassMembersHandler,
} from './groups.commands';

@Module({
  controllers: [GroupsController],
  providers: [CreateClassHandler, EditClassHandler, EditClassMembersHandler, DeleteClassHandler],
})
export class GroupsModule {}
