# Run by CPack (CPACK_PRE_BUILD_SCRIPTS, cmake/U8scopePackaging.cmake) after it has installed the
# package's files into its staging tree and before it packs them: adds the files a Debian package
# carries that no install rule installs. The changelog goes to /usr/share/doc/u8scope as
# changelog.gz (Debian policy 12.7, for a native package), compressed with gzip -9n (best
# compression, no name or time in the header: the same entry gives the same bytes), mode 644
# whatever the umask.
set(doc "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}/share/doc/u8scope")
file(MAKE_DIRECTORY "${doc}")
execute_process(COMMAND "${CPACK_U8SCOPE_GZIP}" -9n -c "${CPACK_U8SCOPE_DEBIAN_CHANGELOG}"
                OUTPUT_FILE "${doc}/changelog.gz" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gzip ${CPACK_U8SCOPE_DEBIAN_CHANGELOG}: ${status}")
endif()
file(CHMOD "${doc}/changelog.gz" FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ
     WORLD_READ)
