TaskBoardCommand.main()
