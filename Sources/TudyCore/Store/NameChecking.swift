/// A store whose accounts are another's to check (a server's): it asks whether a name is free
/// before a sign-up asks for a password, as `ChatStore.checkNameIsFree` does locally.
package protocol NameChecking: ChatStore {
    /// Refuses a name that is not valid or is taken; one the store can not ask about passes.
    /// - Throws: `StoreError.invalidName`, `.nameTaken`.
    func checkName(_ name: String) async throws
}
