import Foundation

// The board's posts: anyone reads them, only a post's writer changes it.
extension InMemoryChatStore {
    // MARK: - Posts

    public func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] {
        try query.check()
        let matches = query.matcher()
        return Array(projectsByID.values.filter { page.admits($0.id) && matches($0, postSearchTexts[$0.id] ?? "") }.sorted { $0.id > $1.id }.prefix(page.limit))
            .map(withStudy)
    }

    public func project(id: Int) async throws -> Project {
        try project(withStudy: id)
    }

    /// A post as it is now, with its study room and how many are in it.
    func project(withStudy id: Int) throws -> Project {
        guard let project = projectsByID[id] else { throw StoreError.noSuchProject(id) }
        return withStudy(project)
    }

    private func withStudy(_ project: Project) -> Project {
        var project = project
        if let room = studyRooms[project.id].flatMap({ roomsByID[$0]?.room }) {
            (project.roomID, project.memberCount) = (room.id, room.members.count)
        }
        return project
    }

    public func createProject(_ draft: ProjectDraft, by session: Session) async throws -> Project {
        try draft.check()
        let writer = try user(of: session.token)
        let now = clock.now()
        let since = now.addingTimeInterval(-Project.postingWindow)
        try Project.checkPostingRate(recent: projectsByID.values.count { $0.writer == writer && $0.createdAt > since })
        return insertProject(draft, writer: writer, isOpen: true, createdAt: now)
    }

    public func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project {
        try draft.check()
        let user = try user(of: session.token)
        var project = try writtenProject(id: id, by: user)
        project.title = draft.title
        project.works = draft.works
        project.capacity = draft.capacity
        project.body = draft.body
        projectsByID[id] = project
        postSearchTexts[id] = ProjectQuery.searchText(title: draft.title, body: draft.body)
        return withStudy(project)
    }

    public func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project {
        let user = try user(of: session.token)
        var project = try writtenProject(id: id, by: user)
        project.isOpen = isOpen
        projectsByID[id] = project
        return withStudy(project)
    }

    public func deleteProject(id: Int, by session: Session) async throws {
        let user = try user(of: session.token)
        _ = try writtenProject(id: id, by: user)
        projectsByID[id] = nil
        postSearchTexts[id] = nil
        // Its study room stays, a group room like any other.
        if let roomID = studyRooms.removeValue(forKey: id) { roomsByID[roomID]?.room.projectID = nil }
    }

    func writtenProject(id: Int, by user: User) throws -> Project {
        guard let project = projectsByID[id] else { throw StoreError.noSuchProject(id) }
        guard project.writer.isNamed(user.name) else {
            throw StoreError.notWriter(projectID: id, writer: project.writer.name)
        }
        return project
    }

    func insertProject(_ draft: ProjectDraft, writer: User, isOpen: Bool, createdAt: Date) -> Project {
        let project = Project(
            id: nextProjectID, title: draft.title, works: draft.works, capacity: draft.capacity,
            body: draft.body, writer: writer, isOpen: isOpen, createdAt: createdAt)
        nextProjectID += 1
        projectsByID[project.id] = project
        postSearchTexts[project.id] = ProjectQuery.searchText(title: draft.title, body: draft.body)
        return project
    }
}
